define dllexport void @typed_hist(i32 %arg0, i32 %arg1, i32 %arg2, i32 %arg3) {
bb0:
  %v0 = call i32 @llvm.genx.group.id.x.i32()
  %v1 = call <8 x i32> @llvm.genx.wrregioni.v8i32.i32.i16.i1(<8 x i32> undef, i32 %v0, i32 0, i32 1, i32 1, i16 0, i32 undef, i1 true)
  %v2 = call <8 x i32> @llvm.genx.rdregioni.v8i32.v8i32.i16(<8 x i32> %v1, i32 0, i32 1, i32 0, i16 0, i32 undef)
  %v3 = and <8 x i32> %v2, <i32 15, i32 15, i32 15, i32 15, i32 15, i32 15, i32 15, i32 15>
  %v4 = call <8 x i32> @llvm.genx.wrregioni.v8i32.i32.i16.i1(<8 x i32> undef, i32 %arg3, i32 0, i32 1, i32 1, i16 0, i32 undef, i1 true)
  %v5 = call <8 x i32> @llvm.genx.rdregioni.v8i32.v8i32.i16(<8 x i32> %v4, i32 0, i32 1, i32 0, i16 0, i32 undef)
  %v6 = icmp ult <8 x i32> %v3, <i32 12, i32 12, i32 12, i32 12, i32 12, i32 12, i32 12, i32 12>
  %v7 = call <8 x i32> @llvm.genx.typed.atomic.add.v8i32.v8i1.v8i32.v8i32.v8i32.v8i32.v8i32(<8 x i1> %v6, i32 %arg0, <8 x i32> <i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1>, <8 x i32> %v3, <8 x i32> %v5, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>)
  %v8 = call <8 x i32> @llvm.genx.typed.atomic.inc.v8i32.v8i1.v8i32.v8i32.v8i32.v8i32(<8 x i1> <i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true>, i32 %arg0, <8 x i32> %v3, <8 x i32> %v5, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>)
  %v9 = call <8 x i32> @llvm.genx.typed.atomic.cmpxchg.v8i32.v8i1.v8i32.v8i32.v8i32.v8i32.v8i32.v8i32(<8 x i1> <i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true>, i32 %arg0, <8 x i32> %v7, <8 x i32> %v8, <8 x i32> %v3, <8 x i32> %v5, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>)
  %v10 = call <8 x i32> @llvm.genx.typed.atomic.imax.v8i32.v8i1.v8i32.v8i32.v8i32.v8i32.v8i32(<8 x i1> %v6, i32 %arg0, <8 x i32> %v9, <8 x i32> %v3, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>)
  %v11 = call <8 x float> @llvm.genx.typed.atomic.fmin.v8f32.v8i1.v8f32.v8i32.v8i32.v8i32.v8i32(<8 x i1> %v6, i32 %arg1, <8 x float> <float 0x3FE0000000000000, float 0x3FE0000000000000, float 0x3FE0000000000000, float 0x3FE0000000000000, float 0x3FE0000000000000, float 0x3FE0000000000000, float 0x3FE0000000000000, float 0x3FE0000000000000>, <8 x i32> %v3, <8 x i32> %v5, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>)
  %v12 = bitcast <8 x float> %v11 to <8 x i32>
  %v13 = add <8 x i32> %v10, %v12
  call void @llvm.genx.oword.st.v8i32(i32 %arg2, i32 %v0, <8 x i32> %v13)
  ret void
}

declare i32 @llvm.genx.group.id.x.i32()
declare void @llvm.genx.oword.st.v8i32(i32, i32, <8 x i32>)
declare <8 x i32> @llvm.genx.rdregioni.v8i32.v8i32.i16(<8 x i32>, i32, i32, i32, i16, i32)
declare <8 x i32> @llvm.genx.typed.atomic.add.v8i32.v8i1.v8i32.v8i32.v8i32.v8i32.v8i32(<8 x i1>, i32, <8 x i32>, <8 x i32>, <8 x i32>, <8 x i32>, <8 x i32>)
declare <8 x i32> @llvm.genx.typed.atomic.cmpxchg.v8i32.v8i1.v8i32.v8i32.v8i32.v8i32.v8i32.v8i32(<8 x i1>, i32, <8 x i32>, <8 x i32>, <8 x i32>, <8 x i32>, <8 x i32>, <8 x i32>)
declare <8 x float> @llvm.genx.typed.atomic.fmin.v8f32.v8i1.v8f32.v8i32.v8i32.v8i32.v8i32(<8 x i1>, i32, <8 x float>, <8 x i32>, <8 x i32>, <8 x i32>, <8 x i32>)
declare <8 x i32> @llvm.genx.typed.atomic.imax.v8i32.v8i1.v8i32.v8i32.v8i32.v8i32.v8i32(<8 x i1>, i32, <8 x i32>, <8 x i32>, <8 x i32>, <8 x i32>, <8 x i32>)
declare <8 x i32> @llvm.genx.typed.atomic.inc.v8i32.v8i1.v8i32.v8i32.v8i32.v8i32(<8 x i1>, i32, <8 x i32>, <8 x i32>, <8 x i32>, <8 x i32>)
declare <8 x i32> @llvm.genx.wrregioni.v8i32.i32.i16.i1(<8 x i32>, i32, i32, i32, i32, i16, i32, i1)

!genx.kernels = !{!0}
!0 = !{void (i32, i32, i32, i32)* @typed_hist, !"typed_hist", !1, i32 0, !2, !3, !4, i32 0}
!1 = !{i32 2, i32 2, i32 2, i32 0}
!2 = !{i32 128, i32 132, i32 136, i32 140}
!3 = !{i32 0, i32 0, i32 0, i32 0}
!4 = !{!"image2d_t read_write", !"image2d_t read_write", !"buffer_t write_only", !""}
