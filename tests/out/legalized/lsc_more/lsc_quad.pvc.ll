define dllexport void @lsc_quad(i64 %arg0, i32 %arg1, <16 x i32> %arg2) {
bb0:
  %v0 = call <16 x i64> @llvm.genx.wrregioni.v16i64.i64.i16.i1(<16 x i64> undef, i64 %arg0, i32 0, i32 1, i32 1, i16 0, i32 undef, i1 true)
  %v1 = call <16 x i64> @llvm.genx.rdregioni.v16i64.v16i64.i16(<16 x i64> %v0, i32 0, i32 1, i32 0, i16 0, i32 undef)
  %v2 = zext <16 x i32> %arg2 to <16 x i64>
  %v3 = add <16 x i64> %v1, %v2
  %v4 = icmp sgt <16 x i32> %arg2, <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %v5 = call <48 x i32> @llvm.genx.lsc.load.quad.stateless.v48i32.v16i1.i8.i8.i8.i16.i8.i8.i8.i8.v16i64(<16 x i1> <i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true>, i8 2, i8 1, i8 2, i16 1, i32 16, i8 3, i8 1, i8 1, i8 11, <16 x i64> %v3, i32 0)
  %v6 = call <32 x float> @llvm.genx.lsc.load.merge.quad.slm.v32f32.v16i1.i8.i8.i8.i16.i8.i8.i8.i8.v16i32.v32f32(<16 x i1> %v4, i8 2, i8 0, i8 0, i16 1, i32 0, i8 3, i8 1, i8 1, i8 5, <16 x i32> %arg2, i32 0, <32 x float> <float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000>)
  %v7 = call <64 x i32> @llvm.genx.lsc.load.quad.bti.v64i32.v16i1.i8.i8.i8.i16.i8.i8.i8.i8.v16i32(<16 x i1> <i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true>, i8 2, i8 0, i8 0, i16 1, i32 0, i8 3, i8 1, i8 1, i8 15, <16 x i32> %arg2, i32 %arg1)
  call void @llvm.genx.lsc.fence.v16i1.i8.i8.i8(<16 x i1> <i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true>, i8 3, i8 0, i8 0)
  call void @llvm.genx.lsc.store.quad.stateless.v16i1.i8.i8.i8.i16.i8.i8.i8.i8.v16i64.v48i32(<16 x i1> %v4, i8 6, i8 0, i8 0, i16 1, i32 256, i8 3, i8 1, i8 1, i8 7, <16 x i64> %v3, <48 x i32> %v5, i32 0)
  call void @llvm.genx.lsc.store.quad.slm.v16i1.i8.i8.i8.i16.i8.i8.i8.i8.v16i32.v32f32(<16 x i1> <i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true>, i8 6, i8 0, i8 0, i16 1, i32 0, i8 3, i8 1, i8 1, i8 3, <16 x i32> %arg2, <32 x float> %v6, i32 0)
  call void @llvm.genx.lsc.store.quad.bti.v16i1.i8.i8.i8.i16.i8.i8.i8.i8.v16i32.v64i32(<16 x i1> <i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true>, i8 6, i8 0, i8 0, i16 1, i32 1024, i8 3, i8 1, i8 1, i8 15, <16 x i32> %arg2, <64 x i32> %v7, i32 %arg1)
  ret void
}

declare void @llvm.genx.lsc.fence.v16i1.i8.i8.i8(<16 x i1>, i8, i8, i8)
declare <32 x float> @llvm.genx.lsc.load.merge.quad.slm.v32f32.v16i1.i8.i8.i8.i16.i8.i8.i8.i8.v16i32.v32f32(<16 x i1>, i8, i8, i8, i16, i32, i8, i8, i8, i8, <16 x i32>, i32, <32 x float>)
declare <64 x i32> @llvm.genx.lsc.load.quad.bti.v64i32.v16i1.i8.i8.i8.i16.i8.i8.i8.i8.v16i32(<16 x i1>, i8, i8, i8, i16, i32, i8, i8, i8, i8, <16 x i32>, i32)
declare <48 x i32> @llvm.genx.lsc.load.quad.stateless.v48i32.v16i1.i8.i8.i8.i16.i8.i8.i8.i8.v16i64(<16 x i1>, i8, i8, i8, i16, i32, i8, i8, i8, i8, <16 x i64>, i32)
declare void @llvm.genx.lsc.store.quad.bti.v16i1.i8.i8.i8.i16.i8.i8.i8.i8.v16i32.v64i32(<16 x i1>, i8, i8, i8, i16, i32, i8, i8, i8, i8, <16 x i32>, <64 x i32>, i32)
declare void @llvm.genx.lsc.store.quad.slm.v16i1.i8.i8.i8.i16.i8.i8.i8.i8.v16i32.v32f32(<16 x i1>, i8, i8, i8, i16, i32, i8, i8, i8, i8, <16 x i32>, <32 x float>, i32)
declare void @llvm.genx.lsc.store.quad.stateless.v16i1.i8.i8.i8.i16.i8.i8.i8.i8.v16i64.v48i32(<16 x i1>, i8, i8, i8, i16, i32, i8, i8, i8, i8, <16 x i64>, <48 x i32>, i32)
declare <16 x i64> @llvm.genx.rdregioni.v16i64.v16i64.i16(<16 x i64>, i32, i32, i32, i16, i32)
declare <16 x i64> @llvm.genx.wrregioni.v16i64.i64.i16.i1(<16 x i64>, i64, i32, i32, i32, i16, i32, i1)

!genx.kernels = !{!0}
!0 = !{void (i64, i32, <16 x i32>)* @lsc_quad, !"lsc_quad", !1, i32 4096, !2, !3, !4, i32 0}
!1 = !{i32 0, i32 2, i32 0}
!2 = !{i32 128, i32 136, i32 192}
!3 = !{i32 0, i32 0, i32 0}
!4 = !{!"svmptr_t", !"buffer_t", !""}
