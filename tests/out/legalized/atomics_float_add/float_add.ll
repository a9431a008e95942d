define dllexport void @float_add(i64 %arg0, i32 %arg1, i32 %arg2) {
bb0:
  %v0 = call i32 @llvm.genx.group.id.x.i32()
  %v1 = call <8 x i32> @llvm.genx.wrregioni.v8i32.i32.i16.i1(<8 x i32> undef, i32 %v0, i32 0, i32 1, i32 1, i16 0, i32 undef, i1 true)
  %v2 = call <8 x i32> @llvm.genx.rdregioni.v8i32.v8i32.i16(<8 x i32> %v1, i32 0, i32 1, i32 0, i16 0, i32 undef)
  %v3 = shl <8 x i32> %v2, <i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2>
  %v4 = call <8 x float> @llvm.genx.dword.atomic.fsub.v8f32.v8i1.v8i32.v8f32.v8f32(<8 x i1> <i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true>, i32 %arg2, <8 x i32> %v3, <8 x float> <float 0x3FF0000000000000, float 0x3FF0000000000000, float 0x3FF0000000000000, float 0x3FF0000000000000, float 0x3FF0000000000000, float 0x3FF0000000000000, float 0x3FF0000000000000, float 0x3FF0000000000000>, <8 x float> undef)
  %v5 = call <8 x float> @llvm.genx.typed.atomic.fsub.v8f32.v8i1.v8f32.v8i32.v8i32.v8i32.v8i32(<8 x i1> <i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true>, i32 %arg1, <8 x float> %v4, <8 x i32> %v2, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>)
  %v6 = call <8 x float> @llvm.genx.dword.atomic2.fadd.v8f32.v8i1.v8i32.v8f32(<8 x i1> <i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true>, i32 %arg2, <8 x i32> %v3, <8 x float> %v5)
  call void @llvm.genx.svm.block.st.i64.v8f32(i64 %arg0, <8 x float> %v6)
  ret void
}

declare <8 x float> @llvm.genx.dword.atomic.fsub.v8f32.v8i1.v8i32.v8f32.v8f32(<8 x i1>, i32, <8 x i32>, <8 x float>, <8 x float>)
declare <8 x float> @llvm.genx.dword.atomic2.fadd.v8f32.v8i1.v8i32.v8f32(<8 x i1>, i32, <8 x i32>, <8 x float>)
declare i32 @llvm.genx.group.id.x.i32()
declare <8 x i32> @llvm.genx.rdregioni.v8i32.v8i32.i16(<8 x i32>, i32, i32, i32, i16, i32)
declare void @llvm.genx.svm.block.st.i64.v8f32(i64, <8 x float>)
declare <8 x float> @llvm.genx.typed.atomic.fsub.v8f32.v8i1.v8f32.v8i32.v8i32.v8i32.v8i32(<8 x i1>, i32, <8 x float>, <8 x i32>, <8 x i32>, <8 x i32>, <8 x i32>)
declare <8 x i32> @llvm.genx.wrregioni.v8i32.i32.i16.i1(<8 x i32>, i32, i32, i32, i32, i16, i32, i1)

!genx.kernels = !{!0}
!0 = !{void (i64, i32, i32)* @float_add, !"float_add", !1, i32 0, !2, !3, !4, i32 0}
!1 = !{i32 0, i32 2, i32 2}
!2 = !{i32 64, i32 72, i32 76}
!3 = !{i32 0, i32 0, i32 0}
!4 = !{!"svmptr_t", !"image2d_t read_write", !"buffer_t read_write"}
