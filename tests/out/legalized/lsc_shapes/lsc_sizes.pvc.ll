define dllexport void @lsc_sizes(i64 %arg0) {
bb0:
  %v0 = call <16 x i64> @llvm.genx.wrregioni.v16i64.i64.i16.i1(<16 x i64> undef, i64 %arg0, i32 0, i32 1, i32 1, i16 0, i32 undef, i1 true)
  %v1 = call <16 x i64> @llvm.genx.rdregioni.v16i64.v16i64.i16(<16 x i64> %v0, i32 0, i32 1, i32 0, i16 0, i32 undef)
  %v2 = add <16 x i64> %v1, <i64 0, i64 32, i64 64, i64 96, i64 128, i64 160, i64 192, i64 224, i64 256, i64 288, i64 320, i64 352, i64 384, i64 416, i64 448, i64 480>
  %v3 = call <16 x i32> @llvm.genx.lsc.load.stateless.v16i32.v16i1.i8.i8.i8.i16.i8.i8.i8.i8.v16i64(<16 x i1> <i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true>, i8 0, i8 0, i8 0, i16 1, i32 0, i8 5, i8 1, i8 1, i8 0, <16 x i64> %v2, i32 0)
  %v4 = call <16 x i32> @llvm.genx.lsc.load.stateless.v16i32.v16i1.i8.i8.i8.i16.i8.i8.i8.i8.v16i64(<16 x i1> <i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true>, i8 0, i8 1, i8 1, i16 1, i32 2, i8 6, i8 1, i8 1, i8 0, <16 x i64> %v2, i32 0)
  %v5 = call <16 x i64> @llvm.genx.lsc.load.stateless.v16i64.v16i1.i8.i8.i8.i16.i8.i8.i8.i8.v16i64(<16 x i1> <i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true>, i8 0, i8 0, i8 0, i16 1, i32 0, i8 4, i8 1, i8 1, i8 0, <16 x i64> %v2, i32 0)
  %v6 = call <32 x i32> @llvm.genx.lsc.load.stateless.v32i32.v16i1.i8.i8.i8.i16.i8.i8.i8.i8.v16i64(<16 x i1> <i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true>, i8 0, i8 2, i8 2, i16 1, i32 0, i8 3, i8 2, i8 1, i8 0, <16 x i64> %v2, i32 0)
  %v7 = call <48 x float> @llvm.genx.lsc.load.stateless.v48f32.v16i1.i8.i8.i8.i16.i8.i8.i8.i8.v16i64(<16 x i1> <i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true>, i8 0, i8 0, i8 0, i16 1, i32 0, i8 3, i8 3, i8 1, i8 0, <16 x i64> %v2, i32 0)
  %v8 = call <64 x i32> @llvm.genx.lsc.load.stateless.v64i32.v16i1.i8.i8.i8.i16.i8.i8.i8.i8.v16i64(<16 x i1> <i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true>, i8 0, i8 0, i8 0, i16 1, i32 4096, i8 3, i8 4, i8 1, i8 0, <16 x i64> %v2, i32 0)
  %v9 = add <16 x i32> %v3, %v4
  %v10 = call <16 x i32> @llvm.genx.rdregioni.v16i32.v32i32.i16(<32 x i32> %v6, i32 0, i32 16, i32 1, i16 0, i32 undef)
  %v11 = call <16 x i32> @llvm.genx.rdregioni.v16i32.v64i32.i16(<64 x i32> %v8, i32 0, i32 16, i32 1, i16 192, i32 undef)
  %v12 = add <16 x i32> %v9, %v10
  %v13 = add <16 x i32> %v12, %v11
  %v14 = shl <16 x i64> %v5, <i64 1, i64 1, i64 1, i64 1, i64 1, i64 1, i64 1, i64 1, i64 1, i64 1, i64 1, i64 1, i64 1, i64 1, i64 1, i64 1>
  %v22 = call <32 x float> @llvm.genx.rdregionf.v32f32.v48f32.i16(<48 x float> %v7, i32 0, i32 32, i32 1, i16 0, i32 undef)
  %v23 = fadd <32 x float> %v22, %v22
  %v24 = call <48 x float> @llvm.genx.wrregionf.v48f32.v32f32.i16.i1(<48 x float> undef, <32 x float> %v23, i32 0, i32 32, i32 1, i16 0, i32 undef, i1 true)
  %v25 = call <16 x float> @llvm.genx.rdregionf.v16f32.v48f32.i16(<48 x float> %v7, i32 0, i32 16, i32 1, i16 128, i32 undef)
  %v26 = fadd <16 x float> %v25, %v25
  %v27 = call <48 x float> @llvm.genx.wrregionf.v48f32.v16f32.i16.i1(<48 x float> %v24, <16 x float> %v26, i32 0, i32 16, i32 1, i16 128, i32 undef, i1 true)
  call void @llvm.genx.lsc.store.stateless.v16i1.i8.i8.i8.i16.i8.i8.i8.i8.v16i64.v16i32(<16 x i1> <i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true>, i8 4, i8 0, i8 0, i16 1, i32 1, i8 5, i8 1, i8 1, i8 0, <16 x i64> %v2, <16 x i32> %v13, i32 0)
  call void @llvm.genx.lsc.store.stateless.v16i1.i8.i8.i8.i16.i8.i8.i8.i8.v16i64.v16i32(<16 x i1> <i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true>, i8 4, i8 0, i8 0, i16 1, i32 8, i8 6, i8 1, i8 1, i8 0, <16 x i64> %v2, <16 x i32> %v13, i32 0)
  call void @llvm.genx.lsc.store.stateless.v16i1.i8.i8.i8.i16.i8.i8.i8.i8.v16i64.v16i64(<16 x i1> <i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true>, i8 4, i8 3, i8 3, i16 1, i32 0, i8 4, i8 1, i8 1, i8 0, <16 x i64> %v2, <16 x i64> %v14, i32 0)
  call void @llvm.genx.lsc.store.stateless.v16i1.i8.i8.i8.i16.i8.i8.i8.i8.v16i64.v32i32(<16 x i1> <i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true>, i8 4, i8 0, i8 0, i16 1, i32 64, i8 3, i8 2, i8 1, i8 0, <16 x i64> %v2, <32 x i32> %v6, i32 0)
  call void @llvm.genx.lsc.store.stateless.v16i1.i8.i8.i8.i16.i8.i8.i8.i8.v16i64.v48f32(<16 x i1> <i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true>, i8 4, i8 0, i8 0, i16 1, i32 128, i8 3, i8 3, i8 1, i8 0, <16 x i64> %v2, <48 x float> %v27, i32 0)
  call void @llvm.genx.lsc.store.stateless.v16i1.i8.i8.i8.i16.i8.i8.i8.i8.v16i64.v64i32(<16 x i1> <i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true>, i8 4, i8 0, i8 0, i16 1, i32 8192, i8 3, i8 4, i8 1, i8 0, <16 x i64> %v2, <64 x i32> %v8, i32 0)
  ret void
}

declare <16 x i32> @llvm.genx.lsc.load.stateless.v16i32.v16i1.i8.i8.i8.i16.i8.i8.i8.i8.v16i64(<16 x i1>, i8, i8, i8, i16, i32, i8, i8, i8, i8, <16 x i64>, i32)
declare <16 x i64> @llvm.genx.lsc.load.stateless.v16i64.v16i1.i8.i8.i8.i16.i8.i8.i8.i8.v16i64(<16 x i1>, i8, i8, i8, i16, i32, i8, i8, i8, i8, <16 x i64>, i32)
declare <32 x i32> @llvm.genx.lsc.load.stateless.v32i32.v16i1.i8.i8.i8.i16.i8.i8.i8.i8.v16i64(<16 x i1>, i8, i8, i8, i16, i32, i8, i8, i8, i8, <16 x i64>, i32)
declare <48 x float> @llvm.genx.lsc.load.stateless.v48f32.v16i1.i8.i8.i8.i16.i8.i8.i8.i8.v16i64(<16 x i1>, i8, i8, i8, i16, i32, i8, i8, i8, i8, <16 x i64>, i32)
declare <64 x i32> @llvm.genx.lsc.load.stateless.v64i32.v16i1.i8.i8.i8.i16.i8.i8.i8.i8.v16i64(<16 x i1>, i8, i8, i8, i16, i32, i8, i8, i8, i8, <16 x i64>, i32)
declare void @llvm.genx.lsc.store.stateless.v16i1.i8.i8.i8.i16.i8.i8.i8.i8.v16i64.v16i32(<16 x i1>, i8, i8, i8, i16, i32, i8, i8, i8, i8, <16 x i64>, <16 x i32>, i32)
declare void @llvm.genx.lsc.store.stateless.v16i1.i8.i8.i8.i16.i8.i8.i8.i8.v16i64.v16i64(<16 x i1>, i8, i8, i8, i16, i32, i8, i8, i8, i8, <16 x i64>, <16 x i64>, i32)
declare void @llvm.genx.lsc.store.stateless.v16i1.i8.i8.i8.i16.i8.i8.i8.i8.v16i64.v32i32(<16 x i1>, i8, i8, i8, i16, i32, i8, i8, i8, i8, <16 x i64>, <32 x i32>, i32)
declare void @llvm.genx.lsc.store.stateless.v16i1.i8.i8.i8.i16.i8.i8.i8.i8.v16i64.v48f32(<16 x i1>, i8, i8, i8, i16, i32, i8, i8, i8, i8, <16 x i64>, <48 x float>, i32)
declare void @llvm.genx.lsc.store.stateless.v16i1.i8.i8.i8.i16.i8.i8.i8.i8.v16i64.v64i32(<16 x i1>, i8, i8, i8, i16, i32, i8, i8, i8, i8, <16 x i64>, <64 x i32>, i32)
declare <16 x float> @llvm.genx.rdregionf.v16f32.v48f32.i16(<48 x float>, i32, i32, i32, i16, i32)
declare <32 x float> @llvm.genx.rdregionf.v32f32.v48f32.i16(<48 x float>, i32, i32, i32, i16, i32)
declare <16 x i32> @llvm.genx.rdregioni.v16i32.v32i32.i16(<32 x i32>, i32, i32, i32, i16, i32)
declare <16 x i32> @llvm.genx.rdregioni.v16i32.v64i32.i16(<64 x i32>, i32, i32, i32, i16, i32)
declare <16 x i64> @llvm.genx.rdregioni.v16i64.v16i64.i16(<16 x i64>, i32, i32, i32, i16, i32)
declare <48 x float> @llvm.genx.wrregionf.v48f32.v16f32.i16.i1(<48 x float>, <16 x float>, i32, i32, i32, i16, i32, i1)
declare <48 x float> @llvm.genx.wrregionf.v48f32.v32f32.i16.i1(<48 x float>, <32 x float>, i32, i32, i32, i16, i32, i1)
declare <16 x i64> @llvm.genx.wrregioni.v16i64.i64.i16.i1(<16 x i64>, i64, i32, i32, i32, i16, i32, i1)

!genx.kernels = !{!0}
!0 = !{void (i64)* @lsc_sizes, !"lsc_sizes", !1, i32 0, !2, !3, !4, i32 0}
!1 = !{i32 0}
!2 = !{i32 128}
!3 = !{i32 0}
!4 = !{!"svmptr_t"}
